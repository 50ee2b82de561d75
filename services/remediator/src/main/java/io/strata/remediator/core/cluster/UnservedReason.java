package io.strata.remediator.core.cluster;

/**
 * Why the remediator cannot address a kind on this cluster, as API discovery shows it (ADR 048):
 * named in a plan's note instead of a proposal, and in the message of an action that fails with
 * PERMANENT_API_ERROR. Never read as "the object does not exist".
 */
public enum UnservedReason {
  /** The API server serves the kind at no version: its CRD is not installed (or was removed). */
  NOT_SERVED,
  /** The kind is served, but only at versions whose fields Strata has not checked. */
  UNKNOWN_VERSIONS_ONLY
}
