package io.strata.deviceingest.publish;

import io.strata.deviceingest.config.DeviceIngestConfig;
import java.time.Duration;

/**
 * The publisher's settings, detached from configuration so the publisher runs outside CDI.
 *
 * @param bufferCapacity the samples lane's capacity (drop-oldest)
 * @param eventCapacity the events lane's safety cap (XIDs and findings, never evicted)
 * @param maxUnacknowledged records inside the producer awaiting acknowledgement, per lane
 */
public record PublisherSettings(
    String bootstrapServers,
    int bufferCapacity,
    int eventCapacity,
    int maxUnacknowledged,
    Duration linger,
    Duration maxBlock,
    Duration deliveryTimeout) {

  public static PublisherSettings from(DeviceIngestConfig.Publish publish) {
    return new PublisherSettings(
        publish.bootstrapServers(),
        publish.bufferCapacity(),
        publish.eventCapacity(),
        publish.maxUnacknowledged(),
        publish.linger(),
        publish.maxBlock(),
        publish.deliveryTimeout());
  }
}
