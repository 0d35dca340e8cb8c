// The support contact shown wherever a screen asks users to contact support. One place to change it.
export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@olympus.example';
