// Every message the reports API answers, in one place so tests and docs quote the same words.
export const MSG = {
  // Built-in report tokens (the data endpoint).
  tokenMissing: 'A report token is required.',
  tokenExpired: 'The report token has expired. Reload the report.',
  tokenInvalid: 'The report token is invalid.',
  tokenWrongReport: 'The report token is not valid for this report.',
  tokenRevoked: 'The report token no longer grants access to this report.',

  // Power BI, per report entry: the page shows these instead of the report.
  powerbiNotConfigured: 'Power BI is not configured on this server.',
  powerbiBadSettings: 'This Power BI report is missing its workspace or report id.',
  powerbiCredentials: 'Power BI sign-in failed: the client credentials are invalid or have expired.',
  powerbiSignInFailed: (status: number) => `Power BI sign-in failed (HTTP ${status}).`,
  powerbiForbidden: (status: number) =>
    `Power BI refused access to the report (HTTP ${status}). Check that the app may read the workspace.`,
  powerbiNotFound: 'The Power BI report was not found. Check the workspace and report ids.',
  powerbiUnavailable: (status: number) => `Power BI is unavailable (HTTP ${status}). Please try again later.`,
  powerbiRejected: (status: number) => `Power BI rejected the request (HTTP ${status}).`,
  powerbiTimeout: 'Power BI did not answer in time. Please try again later.',
  powerbiUnreachable: 'Power BI could not be reached. Please try again later.',
  powerbiBadAnswer: 'Power BI answered something unexpected.',
  providerFailed: 'This report could not be loaded. Please try again later.',
} as const;
