/** The newsletter toasts of public-site.md §8. */
export const NEWSLETTER_TEXT = {
  errorTitle: "Error",
  emailRequired: "Please enter your email address",
  consentRequired: "Please agree to receive the newsletter",
  serverFailed: "Failed to subscribe. Please try again.",
  networkFailed: "Failed to subscribe. Please try again later.",
  successTitle: "Success!",
  success: "You've been subscribed to our newsletter. Check your email for confirmation!",
  consentLabel: "I agree to receive the newsletter",
  submit: "Subscribe",
  submitting: "Subscribing...",
} as const;
