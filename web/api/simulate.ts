import { useMutation } from '@tanstack/react-query';
import { ErrorCode } from '../../common/errors';
import type {
  SimulationImpossibleBody,
  SimulationProblemView,
  SiteSendInput,
  SiteSendResult,
  SiteSimulateInput,
  SiteSimulation,
} from '../../common/simulate';
import { HttpError, http } from './http';

export type { SimulationProblemView, SiteSendResult, SiteSimulateInput, SiteSimulation };

const enc = encodeURIComponent;

/** `POST /app/profile/{p}/version/{v}/simulate`: statements generated from the version's patterns. */
export function useSimulate(profileId: string, versionId: string) {
  return useMutation({
    mutationFn: (input: SiteSimulateInput) =>
      http.post<SiteSimulation>(
        `/app/profile/${enc(profileId)}/version/${enc(versionId)}/simulate`,
        input,
      ),
  });
}

/** Why nothing of the version can be simulated (400 `SIMULATION_IMPOSSIBLE`), else undefined. */
export function simulationProblemsOf(error: unknown): SimulationProblemView[] | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  const body = error.body as Partial<SimulationImpossibleBody> | null;
  if (body?.code !== ErrorCode.SimulationImpossible || !Array.isArray(body.problems))
    return undefined;
  return body.problems;
}

/**
 * `POST /app/profile/{p}/version/{v}/simulate/send`: the same choices simulated again on the
 * server and posted to an LRS with the credentials given, which the server uses and forgets.
 */
export function useSendToLrs(profileId: string, versionId: string) {
  return useMutation({
    mutationFn: (input: SiteSendInput) =>
      http.post<SiteSendResult>(
        `/app/profile/${enc(profileId)}/version/${enc(versionId)}/simulate/send`,
        input,
      ),
  });
}
