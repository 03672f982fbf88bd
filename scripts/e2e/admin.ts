/** Every e2e site's admin (ADMIN_EMAILS): the accounts journey signs it in and expects the Admin badge. */
export const E2E_ADMIN = "admin@coinsight.test";
