/** Every e2e site's admin (ADMIN_EMAILS): the accounts journey signs it in and expects the Admin badge. */
export const E2E_ADMIN = "admin@coinsight.test";
/**
 * The admin's first name, the same in every file: a sign-in writes the name it gives to the one shared
 * account, so files signing it in at the same time under two names would rename it under each other
 * (the accounts journey then waited for "Account menu for Ava" while another file had made it Ada).
 */
export const E2E_ADMIN_NAME = "Ava";
