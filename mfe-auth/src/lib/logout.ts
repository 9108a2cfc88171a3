import { apiClient, navigate, sessionStore } from '@portal/shared';

/** Logout of spec 4.1: delete the session, clear the state, go home. */
export async function logout(): Promise<void> {
  try {
    await apiClient.delete('sessions', { notices: false, preserveSessionOn401: true });
  } catch {
    // The server may already have ended the session; the browser forgets it either way.
  } finally {
    sessionStore.clearSession();
    navigate('/');
  }
}
