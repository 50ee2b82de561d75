package io.strata.feed;

import io.strata.events.topic.Topic;
import io.strata.journal.signature.JournalTag;
import io.strata.journal.signature.JournalVerifier;
import io.strata.kafka.config.ClientSecurity;
import io.strata.kafka.read.TopicReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * {@code strata feed}: follows Strata's incident, remediation and review topics and prints one line
 * per step. Options: {@code --bootstrap HOST:PORT} (default 127.0.0.1:9092), {@code
 * --from-beginning}, {@code --until-reviews N} (exit 0 after N review records), {@code --timeout
 * SECONDS} (exit 1 when reached first), {@code --since EPOCH_MILLIS} (start at the first record
 * written at or after that instant, so a script can start the feed after triggering a fault and
 * still see every step), {@code --verification-keys keyId:base64DER[,...]} (default: the
 * environment's {@value #KEYS_ENV}; with keys every action line says VERIFIED or
 * UNVERIFIED(reason), ADR 052).
 */
public final class FeedMain {

  /** The environment variable with the journal's verification keys (the CLI's setting too). */
  public static final String KEYS_ENV = "STRATA_JOURNAL_VERIFICATION_KEYS";

  private FeedMain() {}

  public static void main(String[] args) {
    FeedOptions options;
    Optional<JournalVerifier> verifier;
    try {
      options = FeedOptions.parse(args);
      verifier = verifier(options, System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("feed: " + e.getMessage());
      System.exit(2);
      return;
    }
    AtomicBoolean stop = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop.set(true), "feed-shutdown"));
    Feed feed = new Feed(System.out::println, verifier);
    long deadline =
        options.timeout() == null
            ? Long.MAX_VALUE
            : System.nanoTime() + options.timeout().toNanos();
    try (KafkaConsumer<String, byte[]> consumer = consumer(options)) {
      position(consumer, options);
      while (!stop.get()) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(250))) {
          Header tag = record.headers().lastHeader(JournalTag.HEADER);
          feed.accept(
              record.topic(),
              record.value(),
              record.offset(),
              tag == null || tag.value() == null
                  ? null
                  : new String(tag.value(), StandardCharsets.UTF_8));
        }
        if (options.untilReviews() > 0 && feed.reviews() >= options.untilReviews()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          System.out.println(
              "feed: no review record within " + options.timeout().toSeconds() + " s");
          System.exit(1);
        }
      }
    }
  }

  /**
   * The verifier of {@code --verification-keys}, else of {@value #KEYS_ENV}; none when neither is
   * set. Unusable keys are an IllegalArgumentException naming where they came from.
   */
  static Optional<JournalVerifier> verifier(FeedOptions options, Map<String, String> env) {
    if (options.verificationKeys() != null) {
      return Optional.of(JournalVerifier.of("--verification-keys", options.verificationKeys()));
    }
    String keys = env.get(KEYS_ENV);
    return keys == null || keys.isBlank()
        ? Optional.empty()
        : Optional.of(JournalVerifier.of(KEYS_ENV, keys));
  }

  /**
   * Assigns every partition (no group rebalance to wait for) and seeks to where the feed starts.
   */
  private static void position(KafkaConsumer<String, byte[]> consumer, FeedOptions options) {
    List<TopicPartition> partitions =
        TopicReader.assignAll(
            consumer, Feed.TOPICS.stream().map(Topic::name).toList(), Duration.ofSeconds(60));
    if (options.since() != null) {
      TopicReader.seekToTime(consumer, partitions, options.since());
    } else if (options.fromBeginning()) {
      consumer.seekToBeginning(partitions);
    } else {
      consumer.seekToEnd(partitions);
    }
  }

  private static KafkaConsumer<String, byte[]> consumer(FeedOptions options) {
    return new KafkaConsumer<>(
        TopicReader.readerSettings(options.bootstrap(), "strata-feed", security()),
        new StringDeserializer(),
        new ByteArrayDeserializer());
  }

  /**
   * The feed's security settings, {@code kafka.*} keys as Java system properties or environment
   * variables ({@code -Dkafka.sasl.mechanism=...} or {@code KAFKA_SASL_MECHANISM}), so the feed
   * reads a deployment whose listener wants SCRAM over TLS (ADR 010).
   */
  static Map<String, Object> security() {
    return ClientSecurity.from(
        "kafka.",
        key ->
            Optional.ofNullable(System.getProperty(key))
                .or(
                    () ->
                        Optional.ofNullable(
                            System.getenv(
                                key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_")))));
  }

  /** Parsed command line. */
  record FeedOptions(
      String bootstrap,
      boolean fromBeginning,
      int untilReviews,
      Duration timeout,
      Instant since,
      String verificationKeys) {

    static FeedOptions parse(String... args) {
      String bootstrap = "127.0.0.1:9092";
      boolean fromBeginning = false;
      int untilReviews = 0;
      Duration timeout = null;
      Instant since = null;
      String verificationKeys = null;
      List<String> rest = new java.util.ArrayList<>(List.of(args));
      while (!rest.isEmpty()) {
        String option = rest.remove(0);
        switch (option) {
          case "--from-beginning" -> fromBeginning = true;
          case "--bootstrap" -> bootstrap = value(option, rest);
          case "--until-reviews" -> untilReviews = positive(option, value(option, rest));
          case "--timeout" -> timeout = Duration.ofSeconds(positive(option, value(option, rest)));
          case "--since" -> since = epochMillis(option, value(option, rest));
          case "--verification-keys" -> verificationKeys = value(option, rest);
          default -> throw new IllegalArgumentException("unknown option " + option);
        }
      }
      return new FeedOptions(
          bootstrap, fromBeginning, untilReviews, timeout, since, verificationKeys);
    }

    private static Instant epochMillis(String option, String value) {
      try {
        return Instant.ofEpochMilli(Long.parseLong(value));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            option + " must be epoch milliseconds, was '" + value + "'", e);
      }
    }

    private static String value(String option, List<String> rest) {
      if (rest.isEmpty()) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return rest.remove(0);
    }

    private static int positive(String option, String value) {
      try {
        int parsed = Integer.parseInt(value);
        if (parsed < 1) {
          throw new IllegalArgumentException(option + " must be at least 1, was " + value);
        }
        return parsed;
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            option + " must be a whole number, was '" + value + "'", e);
      }
    }
  }
}
