import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../shared/api/sessions';
import { getJson, sendJson } from '../lib/api-client';
import { useRefreshingMutation } from '../lib/use-refreshing-mutation';

const sessionKeys = { all: ['account-sessions'] as const };

/** GET /api/account/sessions: your signed-in browsers, the most recent first. */
export const useAccountSessions = () =>
  useQuery({ queryKey: sessionKeys.all, queryFn: () => getJson<AccountSession[]>('/api/account/sessions') });

/** DELETE /api/account/sessions/{id}: signs that browser out. */
export const useEndSession = () =>
  useRefreshingMutation({
    mutationFn: (id: string) => sendJson<null>('DELETE', `/api/account/sessions/${id}`),
    changes: [sessionKeys.all],
  });

/** POST /api/account/sessions/sign-out-others: every browser but this one. */
export const useEndOtherSessions = () =>
  useRefreshingMutation({
    mutationFn: () => sendJson<{ ended: number }>('POST', '/api/account/sessions/sign-out-others'),
    changes: [sessionKeys.all],
  });
