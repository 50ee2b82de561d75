package io.strata.correlator.core.state;

import io.strata.events.device.FindingReason;
import java.time.Instant;

/**
 * An ownership disagreement under observation: reported once it has lasted the grace period.
 *
 * @param findingId the id of the finding once reported, so its resolution names it
 */
public record MismatchState(
    FindingReason reason, Instant since, boolean reported, String findingId) {}
