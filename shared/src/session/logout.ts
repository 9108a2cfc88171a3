// Logout of spec 4.1, the one implementation for every root: delete the session on the server,
// forget it (and every cached answer) in the browser, go home.
import { apiClient } from '../api/client';
import { navigate } from '../navigation/history';
import { queryClient } from '../query/queryClient';
import { sessionStore } from './sessionStore';

export async function logout(): Promise<void> {
  try {
    await apiClient.delete('sessions', { notices: false, preserveSessionOn401: true });
  } catch {
    // The server may already have ended the session; the browser forgets it either way.
  } finally {
    sessionStore.clearSession();
    queryClient.clear();
    navigate('/');
  }
}
