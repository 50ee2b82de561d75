package io.strata.console;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalKeys;
import io.strata.journal.signature.JournalSigner;
import io.strata.journal.signature.JournalTag;
import io.strata.journal.signature.JournalVerifier;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Journal records as the remediator writes them: signed with its %dev/%test/%local demo key pair
 * (services/remediator application.properties; NOT A SECRET), whose public half is the console's
 * %test verification key.
 */
public final class JournalSigning implements AutoCloseable {

  public static final String KEY_ID = "strata-demo-1";

  /** The remediator's demo private key (one-line base64 PKCS#8 DER). */
  static final String DEMO_PRIVATE =
      "MC4CAQAwBQYDK2VwBCIEIEwt1Xx9uiRClcFchmieDy14kqHYu9cZkQtYRXIGv2UV";

  /** Its public half, the console's %test {@code journal.verification-keys}. */
  public static final String VERIFICATION_KEYS =
      KEY_ID + ":MCowBQYDK2VwAyEAGEv1Ko7dmVggl/1i7ING7xcEFfHs00p5nXKIXfjdJhc=";

  public static final JournalSigner SIGNER =
      new JournalSigner(KEY_ID, JournalKeys.privateKey("demo", DEMO_PRIVATE));

  public static final JournalVerifier VERIFIER = JournalVerifier.of("test", VERIFICATION_KEYS);

  private final KafkaProducer<byte[], byte[]> producer;

  public JournalSigning(String bootstrapServers) {
    producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.ACKS_CONFIG,
                "all"),
            new ByteArraySerializer(),
            new ByteArraySerializer());
  }

  /** The demo key's tag of {@code action}. */
  public static String tag(RemediationAction action) {
    return SIGNER.tag(action);
  }

  /** {@code action} as a record read from the topic, with {@code tag} in its header (if any). */
  public static ConsumerRecord<String, byte[]> record(
      RemediationAction action, String tag, long offset) {
    ConsumerRecord<String, byte[]> record =
        new ConsumerRecord<>(
            Topics.REMEDIATION.name(), 0, offset, action.incidentId(), json(action));
    if (tag != null) {
      record.headers().add(JournalTag.HEADER, tag.getBytes(StandardCharsets.UTF_8));
    }
    return record;
  }

  /** Sends {@code action} with the CloudEvents headers and {@code tag} (none when null). */
  public void send(RemediationAction action, String tag) {
    String topic = Topics.REMEDIATION.name();
    ProducerRecord<byte[], byte[]> record =
        new ProducerRecord<>(
            topic, action.incidentId().getBytes(StandardCharsets.UTF_8), json(action));
    CloudEventHeaders.write(
        record.headers(),
        Topics.REMEDIATION.eventType(),
        "/strata/remediator",
        action.incidentId(),
        Instant.now());
    if (tag != null) {
      record.headers().add(JournalTag.HEADER, tag.getBytes(StandardCharsets.UTF_8));
    }
    try {
      producer.send(record).get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("could not produce to " + topic, e);
    }
  }

  public static byte[] json(RemediationAction action) {
    return Topics.REMEDIATION
        .valueSerde()
        .serializer()
        .serialize(Topics.REMEDIATION.name(), action);
  }

  @Override
  public void close() {
    producer.close();
  }
}
