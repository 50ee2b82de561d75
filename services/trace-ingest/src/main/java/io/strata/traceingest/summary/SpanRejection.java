package io.strata.traceingest.summary;

/** Why one span of an otherwise readable request is rejected (reported in partial_success). */
public enum SpanRejection {
  UNSPECIFIED("unspecified"),
  INVALID_TRACE_ID("trace_id must be 16 bytes, not all zero"),
  INVALID_SPAN_ID("span_id must be 8 bytes, not all zero"),
  INVALID_PARENT_SPAN_ID("parent_span_id must be empty or 8 bytes, not all zero"),
  /** A span cannot be its own parent: the trace tree would hold a cycle. */
  SELF_PARENT("parent_span_id must differ from span_id"),
  INVALID_START_TIME("start_time_unix_nano is missing or out of range"),
  END_BEFORE_START("end_time_unix_nano is before start_time_unix_nano");

  private final String description;

  SpanRejection(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
