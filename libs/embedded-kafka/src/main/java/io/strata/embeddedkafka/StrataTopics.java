package io.strata.embeddedkafka;

import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates every topic of {@link Topics} on a cluster, from the descriptors. Idempotent. */
public final class StrataTopics {

  private StrataTopics() {}

  public static void create(String bootstrapServers, short replicationFactor) {
    List<NewTopic> requests =
        Topics.all().stream().map(t -> newTopic(t, replicationFactor)).toList();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                30_000))) {
      admin.createTopics(requests).values().forEach((name, future) -> await(name, future));
    }
  }

  private static NewTopic newTopic(Topic<?, ?> topic, short replicationFactor) {
    return topic.newTopic(replicationFactor);
  }

  private static void await(String name, org.apache.kafka.common.KafkaFuture<Void> future) {
    try {
      future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalStateException("cannot create topic " + name + ": " + e.getCause(), e);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topic " + name, e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("timed out creating topic " + name, e);
    }
  }
}
