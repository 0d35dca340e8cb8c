// The review's texts under olympus.access_review.
import { useTranslate } from 'ra-core';

export function useReviewText() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`olympus.access_review.${key}`, options);
}
