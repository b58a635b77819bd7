import { createStore } from './store.ts';

/**
 * Whether the 'Sign in again' dialog is open: a step the server keeps for a recent sign-in the
 * member made themselves (403 RecentSignInRequired) was refused.
 */
export const signInAgainModalStore = createStore(false);

export const openSignInAgainModal = () => signInAgainModalStore.set(true);
export const closeSignInAgainModal = () => signInAgainModalStore.set(false);
