package io.strata.traceingest.alert;

/**
 * Why a request to the Alertmanager webhook endpoint is refused for good; each maps to one 4xx
 * status. Alertmanager retries only 5xx answers (notify/util.go, {@code Retrier.Check}), so none of
 * these is retried: they name a misconfiguration or a payload that will never be accepted.
 */
public enum WebhookRejection {
  UNSPECIFIED(400),
  /** Not POST. */
  METHOD_NOT_ALLOWED(405),
  /** No Authorization header, though a credential is configured. */
  MISSING_CREDENTIALS(401),
  /** An Authorization header that matches no configured credential (or an unknown scheme). */
  WRONG_CREDENTIALS(401),
  /** No credential configured and allow-unauthenticated is false: the endpoint refuses everyone. */
  AUTH_NOT_CONFIGURED(401),
  /** Content-Type not application/json, or a Content-Encoding other than identity. */
  UNSUPPORTED_MEDIA_TYPE(415),
  /** Body larger than the receiver's max-body-bytes. */
  BODY_TOO_LARGE(413),
  /** Not one JSON object (syntax, trailing data, duplicate keys, invalid UTF-8). */
  MALFORMED_JSON(400),
  /** A version other than "4". */
  UNSUPPORTED_VERSION(400),
  /** A required field is absent or null. */
  MISSING_FIELD(400),
  /** A field of the wrong JSON type (a label value that is not a string, ...). */
  WRONG_TYPE(400),
  /** A status other than firing or resolved. */
  INVALID_STATUS(400),
  /**
   * startsAt / endsAt not RFC 3339, startsAt zero, a resolved alert without end, end before start.
   */
  INVALID_TIMESTAMP(400),
  /** A fingerprint that is not Alertmanager's 16 lowercase hex characters. */
  INVALID_FINGERPRINT(400),
  /** Text that is not Unicode (a lone UTF-16 surrogate). */
  INVALID_TEXT(400),
  /** More alerts than max-alerts in one notification. */
  TOO_MANY_ALERTS(400),
  /** More labels (or annotations) on one alert than max-labels-per-alert. */
  TOO_MANY_LABELS(400),
  /** A label name or value longer than max-label-length. */
  LABEL_TOO_LONG(400),
  /** An annotation value longer than max-annotation-length. */
  ANNOTATION_TOO_LONG(400),
  /**
   * One alert's labels, annotations and generatorURL together longer than max-alert-characters: its
   * record would not fit Kafka's default 1 MiB record limit, however the text is escaped.
   */
  ALERT_TOO_LARGE(400);

  private final int httpStatus;

  WebhookRejection(int httpStatus) {
    this.httpStatus = httpStatus;
  }

  public int httpStatus() {
    return httpStatus;
  }
}
