package io.strata.remediator.core.pagerduty;

/**
 * Why an attempt ended as it did (the outcome's reason, a metric tag and a dead letter's detail).
 */
public enum DeliveryReason {
  /** 2xx: PagerDuty answers 202 once it has the event. */
  ACCEPTED,
  /** 429: over the integration key's rate limit; retried. */
  THROTTLED,
  /** 5xx: retried. */
  SERVER_ERROR,
  /** No answer (refused, reset, timed out); retried. */
  UNREACHABLE,
  /** 400: PagerDuty refused the event; the same body would be refused again. */
  INVALID_EVENT,
  /** Another 4xx (a wrong URL's 404, a proxy's 401 or 403, 413): not retried. */
  REFUSED,
  /** 1xx or 3xx: a redirect is not followed (the events URL is wrong); not retried. */
  UNEXPECTED_STATUS
}
