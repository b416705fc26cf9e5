/** The console's second factor (TOTP): the security page, and refusals of money actions without it. */
export const secondFactor = {
  heading: "Sign-in security",
  intro:
    "A second factor: besides your password, sign-in asks for the 6-digit code of an authenticator app on your phone.",
  requiredForYou: "Your role must use a second factor to approve, pay out or refund.",
  offered: "A second factor is optional for you and strongly recommended.",
  enabledSince: (date: string) => `A second factor is on since ${date}.`,
  enabledNow: "A second factor is on.",
  off: "No second factor is set up.",
  start: "Set up a second factor",
  restart: "Start again with a new key",
  restartHint: "Only if the app could not read this key: the QR code above stops working and a new one is shown.",
  scan: "Scan this QR code with your authenticator app, or type the key below, then enter the code the app shows.",
  qrAlt: "QR code for the authenticator app",
  manualKey: "Key",
  code: "Code from the app",
  confirm: "Check the code and turn on",
  confirmed: "The second factor is on. Sign in again to continue: the next sign-in asks for the app's code.",
  recoveryCodes: "Recovery codes",
  recoveryIntro:
    "Each recovery code signs in once without the phone. Keep them somewhere safe: they are not shown again.",
  copyCodes: "Copy the codes",
  signInAgain: "Sign in again",
  requiredBy: (date: string) =>
    `Your role must use a second factor to approve, pay out or refund. Set it up by ${date}; until then these work ` +
    `without it.`,
  requiredNow:
    "Your role must use a second factor to approve, pay out or refund: until it is set up, they are refused.",
  bannerGrace: (date: string) =>
    `Set up a second factor by ${date}: after that, approving, paying out and refunding need it.`,
  bannerBlocked: "Approving, paying out and refunding are blocked until you set up a second factor.",
  bannerLink: "Set it up now",
  wrongCode: "That code is not the one the app shows now. Check the phone's clock and try again.",
  tooManyAttempts: "Too many wrong codes. Wait 15 minutes and try again.",
  notStarted: "Start the set-up first.",
  alreadyOn: "A second factor is already set up.",
  turnOff: "Turn off the second factor",
  turnedOff: "The second factor is off. Sign in again to continue.",
  signedOut: "Your session has ended. Sign in again.",
  required:
    "This needs a session signed in with a second factor. Set one up under Sign-in security, then sign in again.",
};
