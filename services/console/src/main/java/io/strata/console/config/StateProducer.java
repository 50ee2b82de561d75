package io.strata.console.config;

import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentLogLinks;
import io.strata.journal.signature.JournalVerifier;
import io.strata.loglinks.LogLinks;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The one in-memory state of the console, bounded by its configuration, and its log links. */
public class StateProducer {

  @Produces
  @Singleton
  ConsoleState state(ConsoleLimits limits, LogLinks logLinks) {
    return new ConsoleState(limits, logLinks);
  }

  /**
   * Built with the topic follower at startup, so an unusable key fails startup naming {@value
   * #VERIFICATION_KEYS}.
   */
  @Produces
  @Singleton
  JournalVerifier journalVerifier(ConsoleConfig config) {
    return JournalVerifier.of(VERIFICATION_KEYS, config.journal().verificationKeys());
  }

  static final String VERIFICATION_KEYS = "strata.console.journal.verification-keys";

  /** Built with the state at startup, so an unusable template fails startup naming its key. */
  @Produces
  @Singleton
  LogLinks logLinks(ConsoleConfig config) {
    return LogLinks.of(
        IncidentLogLinks.CONFIG_PREFIX,
        config.logLinks().templates(),
        config.logLinks().windowMargin());
  }

  @Produces
  @Singleton
  ConsoleLimits limits(ConsoleConfig config) {
    ConsoleConfig.Limits l = config.limits();
    return new ConsoleLimits(
        l.incidents(),
        l.revisionsPerIncident(),
        l.statesPerAction(),
        l.spansPerTrace(),
        l.samplesPerGpu(),
        l.xidsPerGpu(),
        l.windowsPerWorkload(),
        config.recoveryBand(),
        l.alerts(),
        l.resolvedAlertRetention(),
        l.unverifiedRecords());
  }

  // The Clock comes from strata-kafka-support's ClockProducer (a default bean tests can replace).
}
