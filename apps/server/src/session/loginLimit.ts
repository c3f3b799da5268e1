/**
 * The login limiter's key: the account's email first, so a completed password reset can forget
 * every address's attempts on it at once (`resetPrefix(loginLimitPrefix(email))`).
 */
export const loginLimitPrefix = (email: string): string => `${email.toLowerCase()}|`;
