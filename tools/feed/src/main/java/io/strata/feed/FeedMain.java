package io.strata.feed;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * {@code strata feed}: follows Strata's incident, remediation and review topics and prints one line
 * per step. Options: {@code --bootstrap HOST:PORT} (default 127.0.0.1:9092), {@code
 * --from-beginning}, {@code --until-reviews N} (exit 0 after N review records), {@code --timeout
 * SECONDS} (exit 1 when reached first).
 */
public final class FeedMain {

  private FeedMain() {}

  public static void main(String[] args) {
    FeedOptions options;
    try {
      options = FeedOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("feed: " + e.getMessage());
      System.exit(2);
      return;
    }
    AtomicBoolean stop = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop.set(true), "feed-shutdown"));
    Feed feed = new Feed(System.out::println);
    long deadline =
        options.timeout() == null
            ? Long.MAX_VALUE
            : System.nanoTime() + options.timeout().toNanos();
    try (KafkaConsumer<String, byte[]> consumer = consumer(options)) {
      consumer.subscribe(Feed.TOPICS.stream().map(t -> t.name()).toList());
      while (!stop.get()) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(250))) {
          feed.accept(record.topic(), record.value(), record.offset());
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

  private static KafkaConsumer<String, byte[]> consumer(FeedOptions options) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            options.bootstrap(),
            ConsumerConfig.GROUP_ID_CONFIG,
            "strata-feed-" + UUID.randomUUID(),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            options.fromBeginning() ? "earliest" : "latest",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.CLIENT_ID_CONFIG,
            "strata-feed"),
        new StringDeserializer(),
        new ByteArrayDeserializer());
  }

  /** Parsed command line. */
  record FeedOptions(String bootstrap, boolean fromBeginning, int untilReviews, Duration timeout) {

    static FeedOptions parse(String... args) {
      String bootstrap = "127.0.0.1:9092";
      boolean fromBeginning = false;
      int untilReviews = 0;
      Duration timeout = null;
      List<String> rest = new java.util.ArrayList<>(List.of(args));
      while (!rest.isEmpty()) {
        String option = rest.remove(0);
        switch (option) {
          case "--from-beginning" -> fromBeginning = true;
          case "--bootstrap" -> bootstrap = value(option, rest);
          case "--until-reviews" -> untilReviews = positive(option, value(option, rest));
          case "--timeout" -> timeout = Duration.ofSeconds(positive(option, value(option, rest)));
          default -> throw new IllegalArgumentException("unknown option " + option);
        }
      }
      return new FeedOptions(bootstrap, fromBeginning, untilReviews, timeout);
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
