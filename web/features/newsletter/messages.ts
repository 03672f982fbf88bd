/**
 * The newsletter toasts of public-site.md §8. The success text differs from the spec's on purpose:
 * signup is double opt-in, so nobody is subscribed until they confirm (docs/decisions/web/newsletter-texts.md).
 */
export const NEWSLETTER_TEXT = {
  errorTitle: "Error",
  emailRequired: "Please enter your email address",
  consentRequired: "Please agree to receive the newsletter",
  serverFailed: "Failed to subscribe. Please try again.",
  networkFailed: "Failed to subscribe. Please try again later.",
  successTitle: "Success!",
  success: "Almost done: check your inbox and click the link in our email to confirm your subscription.",
  sentTo: (address: string) => `We sent a confirmation link to ${address}. Your subscription starts when you click it.`,
  consentLabel: "I agree to receive the newsletter",
  submit: "Subscribe",
  submitting: "Subscribing...",
} as const;
