/**
 * The newsletter address rules' limits and messages, without zod: the signup form on the home page
 * shows them without loading the validator (it loads the schema itself only when a reader submits).
 */

/** RFC 5321 limits: 254 characters in all, 64 before the @. */
export const EMAIL_MAX_LENGTH = 254;
export const LOCAL_PART_MAX_LENGTH = 64;

export const EMAIL_REQUIRED = "Please enter your email address";
export const EMAIL_INVALID = "Please enter a valid email address";
export const EMAIL_TOO_LONG = `Email address is too long (${EMAIL_MAX_LENGTH} characters at most)`;
