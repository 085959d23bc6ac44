import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../common/site';
import { http } from './http';

export function useSiteConfig() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => http.get<SiteConfig>('/app/site'),
    staleTime: Infinity,
  });
}
