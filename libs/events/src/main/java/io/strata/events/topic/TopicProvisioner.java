package io.strata.events.topic;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates every topic of {@link Topics} from its descriptor, for the test broker and the local
 * broker. Idempotent: a topic that exists is left as it is. Returns once every partition is online
 * at its leader. Production clusters get their topics from Strimzi KafkaTopic resources instead.
 */
public final class TopicProvisioner {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private TopicProvisioner() {}

  /** Creates the missing topics; returns the names created now. */
  public static List<String> createAll(String bootstrapServers, short replicationFactor) {
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                (int) TIMEOUT.toMillis()))) {
      List<NewTopic> requests =
          Topics.all().stream().map(t -> t.newTopic(replicationFactor)).toList();
      List<String> created =
          admin.createTopics(requests).values().entrySet().stream()
              .filter(entry -> await(entry.getKey(), entry.getValue()))
              .map(Map.Entry::getKey)
              .sorted()
              .toList();
      // Created is not yet writable: the services producing next must not meet a partition
      // whose leader has not opened it (PartitionsOnline says what that costs).
      PartitionsOnline.await(admin, Topics.all().stream().map(Topic::name).toList(), TIMEOUT);
      return created;
    }
  }

  /** True when created now, false when it already existed. */
  private static boolean await(String name, KafkaFuture<Void> future) {
    try {
      future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof TopicExistsException) {
        return false;
      }
      throw new IllegalStateException("cannot create topic " + name + ": " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topic " + name, e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("timed out creating topic " + name, e);
    }
  }
}
