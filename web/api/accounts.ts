import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateAccountRequest,
  EmailWithCaptcha,
  LoginResponse,
  MessageResponse,
  ResetPasswordRequest,
  UpdateAccountRequest,
  UpdateAccountResponse,
  UsernameRequest,
  ValidateRequest,
} from '../../common/accounts';
import { deriveClientKey } from '../../common/client-key';
import type { SessionUser, UserStatus } from '../../common/user';
import { http } from './http';
import { sessionQueryKey } from './session';

/** Shown when the server accepted the sign-in but the browser kept no session cookie. */
export const COOKIE_NOT_SET = 'Somehow, the cookie is not set';

/** What the sign-in form collects: the typed password never leaves the browser. */
export interface Credentials {
  email: string;
  password: string;
}

const withQuery = (path: string, params: Record<string, string>): string =>
  `${path}?${new URLSearchParams(params).toString()}`;

/** Puts the signed-in user into the session cache, then refreshes everything that depends on who is asking. */
function signedIn(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData<UserStatus>(sessionQueryKey, { loggedIn: true, user });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
}

export async function fetchSalt(email: string): Promise<string> {
  const answer = await http.get<{ success: true; salt: string }>(
    withQuery('/app/user/salt', { email }),
  );
  return answer.salt;
}

/**
 * Signs in with the spec's client-side key derivation: the salt for the e-mail, PBKDF2 over the
 * typed password, then the login call. A login the server accepted counts only once the session
 * status confirms the cookie took.
 */
export async function signIn({ email, password }: Credentials): Promise<UserStatus> {
  const salt = await fetchSalt(email);
  const key = await deriveClientKey(password, salt);
  await http.post<LoginResponse>('/app/user/login', { email, password: key });
  const status = await http.get<UserStatus>('/app/user/status');
  if (!status.loggedIn || !status.user) throw new Error(COOKIE_NOT_SET);
  return status;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (status) => {
      if (status.user) signedIn(queryClient, status.user);
    },
  });
}

export function useCreateAccount() {
  return useMutation({
    mutationFn: (account: CreateAccountRequest) =>
      http.post<MessageResponse>('/app/user/create', account),
  });
}

/** A correct code both validates the account and signs its owner in. */
export function useValidateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidateRequest) => http.post<LoginResponse>('/app/user/validate', body),
    onSuccess: ({ user }) => signedIn(queryClient, user),
  });
}

export function useResendValidation() {
  return useMutation({
    mutationFn: (body: EmailWithCaptcha) =>
      http.post<MessageResponse>('/app/user/resendValidation', body),
  });
}

export function useChooseUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsernameRequest) => http.post<LoginResponse>('/app/user/username', body),
    onSuccess: ({ user }) => signedIn(queryClient, user),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) =>
      http.post<UpdateAccountResponse>('/app/user/update', body),
    onSuccess: ({ user }) => signedIn(queryClient, user),
  });
}

/** Confirms a changed e-mail address with the code mailed to it. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; password: string }) =>
      http.post<LoginResponse>('/app/user/email/confirm', body),
    onSuccess: ({ user }) => signedIn(queryClient, user),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: EmailWithCaptcha) => http.post<MessageResponse>('/app/user/forgot', body),
  });
}

/** Whether a reset key from a mailed link can still be used; an empty key never can. */
export function useCheckResetKey(key: string) {
  return useQuery({
    queryKey: ['user', 'checkResetKey', key],
    queryFn: () => http.get<{ success: boolean }>(withQuery('/app/user/checkResetKey', { key })),
    enabled: key !== '',
    staleTime: Infinity,
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      http.post<{ success: true }>('/app/user/reset', body),
  });
}
