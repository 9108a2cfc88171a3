import { apiClient, navigate, sessionStore } from '@portal/shared';

/** The Initiator's work is done: end its session so the Global Admin can sign in. */
export async function endInitiatorSession(): Promise<void> {
  try {
    await apiClient.delete('sessions', { notices: false, preserveSessionOn401: true });
  } catch {
    // The session may already be gone on the server; the browser forgets it either way.
  } finally {
    sessionStore.clearSession();
    navigate('/');
  }
}
