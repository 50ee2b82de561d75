package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalVerification;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.TopicReader;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.execute.IntegrityProblem;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Episodes;
import io.strata.remediator.core.journal.JournalTags;
import io.strata.remediator.core.journal.JournalTransitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads the remediator's memory back at startup: every action state from strata.remediation.v1,
 * which incidents already have a review, and the latest revision of every incident. Each topic is
 * read from the beginning up to its end offsets at the time of the call. An action record enters
 * the memory only with a valid signature (or legacy HMAC tag) and in the order the remediator
 * writes states; any other is dead-lettered with INTEGRITY_CHECK_FAILED (detail: the {@link
 * IntegrityProblem}), counted in strata_remediator_journal_rejected_total, and never executed.
 */
@ApplicationScoped
public class JournalRebuilder {

  private static final Logger LOG = Logger.getLogger(JournalRebuilder.class);
  static final String CLIENT_ID = "strata-remediator-rebuild";

  /** What was read back; {@code rejected} action records failed the integrity check. */
  public record Memory(
      ActionStore store, Set<String> reviewed, Collection<Incident> incidents, int rejected) {}

  private final String bootstrapServers;
  private final Duration timeout;
  private final JournalTags signer;
  private final DeadLetterSender deadLetters;
  private final MeterRegistry metrics;

  @Inject
  public JournalRebuilder(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      RemediatorConfig config,
      JournalTags signer,
      DeadLetterSender deadLetters,
      MeterRegistry metrics) {
    this.bootstrapServers = bootstrapServers;
    this.timeout = config.rebuildTimeout();
    this.signer = signer;
    this.deadLetters = deadLetters;
    this.metrics = metrics;
  }

  public Memory rebuild() {
    ActionStore store = new ActionStore();
    int[] rejected = {0};
    readAll(
        Topics.REMEDIATION,
        (record, action) -> {
          if (!admit(store, record, action)) {
            rejected[0]++;
          }
        });
    Set<String> reviewed = new HashSet<>();
    readAll(Topics.REVIEWS, (record, r) -> reviewed.add(Episodes.key(r.incidentId(), r.episode())));
    Map<String, Incident> incidents = new LinkedHashMap<>();
    readAll(
        Topics.INCIDENTS,
        (record, i) ->
            incidents.merge(i.incidentId(), i, (a, b) -> b.revision() >= a.revision() ? b : a));
    LOG.infof(
        "rebuilt %d action(s), %d review(s), %d incident(s) from Kafka; %d action record(s)"
            + " rejected by the integrity check",
        store.size(), reviewed.size(), incidents.size(), rejected[0]);
    return new Memory(store, reviewed, incidents.values(), rejected[0]);
  }

  /** Applies a verified record in order; dead-letters any other. */
  private boolean admit(
      ActionStore store, ConsumerRecord<String, byte[]> record, RemediationAction action) {
    Header header = record.headers().lastHeader(KafkaActionJournal.INTEGRITY_HEADER);
    String tag =
        header == null || header.value() == null
            ? null
            : new String(header.value(), StandardCharsets.UTF_8);
    IntegrityProblem problem;
    JournalVerification verification = signer.verify(action, tag);
    if (tag == null || tag.isBlank()) {
      problem = IntegrityProblem.UNSIGNED;
    } else if (action.actionId() == null || !verification.verified()) {
      problem = IntegrityProblem.BAD_TAG;
    } else if (!JournalTransitions.follows(store.latest(action.actionId()), action)) {
      problem = IntegrityProblem.OUT_OF_ORDER;
    } else {
      store.apply(action, tag);
      return true;
    }
    String detail =
        problem
            + ": "
            + action.state()
            + " record of "
            + action.actionId()
            + Optional.ofNullable(action.incidentId()).map(i -> " (incident " + i + ")").orElse("")
            + " is not the remediator's own; never executed (signature "
            + verification.reason()
            + ")";
    LOG.warnf("rejected %s-%d@%d: %s", record.topic(), record.partition(), record.offset(), detail);
    metrics.counter("strata.remediator.journal.rejected", "problem", problem.name()).increment();
    deadLetters.send(record, DeadLetterReason.INTEGRITY_CHECK_FAILED, detail);
    return false;
  }

  /**
   * Reads a topic from its beginning to its end at the time of the call (libs/kafka-support's
   * {@link TopicReader}): only committed transactions (the correlator writes incidents with
   * exactly-once, so an aborted incident revision must not enter the memory), authenticated like
   * the Quarkus-managed clients.
   */
  private <V> void readAll(
      Topic<String, V> topic, BiConsumer<ConsumerRecord<String, byte[]>, V> sink) {
    Map<String, Object> settings =
        TopicReader.readerSettings(bootstrapServers, CLIENT_ID, KafkaClientSecurity.fromConfig());
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer())) {
      TopicReader.readToEnd(
          consumer,
          List.of(topic.name()),
          timeout,
          record -> {
            if (record.value() == null) {
              return;
            }
            try {
              sink.accept(
                  record,
                  topic.valueSerde().deserializer().deserialize(topic.name(), record.value()));
            } catch (EventSerdeException e) {
              LOG.warnf(
                  "skipping unreadable record %s-%d@%d while rebuilding: %s",
                  record.topic(), record.partition(), record.offset(), e.getMessage());
            }
          });
    }
  }
}
