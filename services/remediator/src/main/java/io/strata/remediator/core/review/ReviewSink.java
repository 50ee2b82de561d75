package io.strata.remediator.core.review;

import io.strata.events.remediation.ReviewRecord;

/** Durable output of review records (strata.reviews.v1); returns once stored. */
@FunctionalInterface
public interface ReviewSink {
  void write(ReviewRecord review);
}
