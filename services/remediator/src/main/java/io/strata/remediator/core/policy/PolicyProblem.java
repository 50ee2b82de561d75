package io.strata.remediator.core.policy;

/** Why a policy document was refused (the previous policy stays in force). */
public enum PolicyProblem {
  UNSPECIFIED,
  /** Not YAML (or JSON), or larger than the limit. */
  UNREADABLE,
  /** A field has the wrong shape: not a map, not a list, not a string. */
  BAD_SHAPE,
  /** A field the format does not know: most likely a typo that would silently change nothing. */
  UNKNOWN_FIELD,
  /** A rule without a name, or a name used twice. */
  BAD_NAME,
  /** A mode other than OBSERVE, PROPOSE or AUTO. */
  BAD_MODE,
  /** The CEL match does not parse, uses an unknown variable or function, or is not a bool. */
  BAD_MATCH,
  /** A limit out of range: maxPerHour below 1, a wave outside (0, 1], hours not HH:MM-HH:MM. */
  BAD_LIMIT,
  /** More rules than the policy may hold. */
  TOO_MANY_RULES
}
