/**
 * The few strings client components render themselves. Kept apart so the browser bundle carries these
 * (both languages) and not the whole dictionary.
 */
export const client = {
  language: "Language",
  working: "Working…",
  copy: "Copy",
  copied: "Copied",
  copyLabel: (label: string) => `Copy ${label}`,
  newSecrets: "New secrets",
  copyNow:
    "Copy these now. They are shown this once and cannot be shown again; afterwards only their last four characters " +
    "are visible.",
  signOut: "Sign out",
  count: "Count",
  dismiss: "Dismiss",
  confirm: { back: "Go back" },
  pickers: {
    search: (label: string) => `Narrow the ${label.toLowerCase()} list`,
    searchPlaceholder: "Type to narrow…",
    noMatch: "No match: the list shows them all.",
    openCalendar: (label: string) => `${label}: choose on a calendar`,
    previousMonth: "Previous month",
    nextMonth: "Next month",
    closeCalendar: "Close the calendar",
  },
  login: {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signingIn: "Signing in…",
    tooManyAttempts: "Too many sign-in attempts. Wait 15 minutes and try again.",
    wrongCredentials: "The email or password is not correct, or the account is disabled.",
    code: "Code from the authenticator app (or a recovery code)",
    codeNeeded: "This account signs in with a second factor: enter the code your authenticator app shows.",
    wrongCode: "That code is not correct. Enter the current code from the app, or an unused recovery code.",
    signInFailed: "Signing in did not work this time. Try again; if it keeps failing, tell an administrator.",
  },
};

export type ClientMessages = typeof client;
