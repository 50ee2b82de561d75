package io.strata.kafka.quarkus;

import io.strata.kafka.compress.NativeLz4;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * Loads lz4-java's JNI binding before the service's Kafka clients write their first batch, so
 * Kafka's lz4 codec does not fall back to pure Java under Quarkus' class loader ({@link NativeLz4},
 * ADR 044). Says at startup which codec is in use.
 */
@Singleton
public class NativeLz4Startup {

  private static final Logger LOG = Logger.getLogger(NativeLz4Startup.class);

  // The application context starts before Quarkus' StartupEvent, whose observers start the clients.
  void load(@Observes @Initialized(ApplicationScoped.class) @Priority(0) Object event) {
    NativeLz4.Outcome outcome = NativeLz4.load();
    if (outcome.codec() == NativeLz4.Codec.JNI) {
      LOG.infof("Kafka lz4 codec: %s", outcome.detail());
    } else {
      LOG.warnf(
          "Kafka lz4 codec: pure Java (about twice the CPU per batch); JNI binding not loaded: %s",
          outcome.detail());
    }
  }
}
