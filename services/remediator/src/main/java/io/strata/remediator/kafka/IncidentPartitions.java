package io.strata.remediator.kafka;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

/**
 * Whether the incidents consumer is a member of its group with an assignment. Until it is, an
 * incident the correlator publishes waits unread (in the first demo run: 16 s after the remediator
 * reported ready), so readiness waits for this too. Wired by {@code
 * mp.messaging.incoming.incidents-in.consumer-rebalance-listener.name}.
 */
@ApplicationScoped
@Identifier(IncidentPartitions.NAME)
public class IncidentPartitions implements KafkaConsumerRebalanceListener {

  public static final String NAME = "strata-remediator-incidents";
  private static final Logger LOG = Logger.getLogger(IncidentPartitions.class);

  private volatile boolean assigned;
  private volatile int partitions;

  @Override
  public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> assigned) {
    this.partitions = assigned.size();
    this.assigned = true;
    LOG.infof("incidents consumer assigned %d partition(s): %s", assigned.size(), assigned);
  }

  @Override
  public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> revoked) {
    this.assigned = false;
  }

  @Override
  public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> lost) {
    this.assigned = false;
  }

  /** Whether the consumer holds its (possibly empty) assignment now. */
  public boolean assigned() {
    return assigned;
  }

  public int partitions() {
    return partitions;
  }
}
