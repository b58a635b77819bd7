import { createStore } from './store.ts';

/** Whether the 'Member Logged Out' modal is open (spec section 2). */
export const logoutModalStore = createStore(false);

export const openLogoutModal = () => logoutModalStore.set(true);
export const closeLogoutModal = () => logoutModalStore.set(false);
