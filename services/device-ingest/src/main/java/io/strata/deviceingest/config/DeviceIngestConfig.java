package io.strata.deviceingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Every setting of device-ingest, under {@code strata.device-ingest}. */
@ConfigMapping(prefix = "strata.device-ingest")
public interface DeviceIngestConfig {

  /** The cluster name stamped on every sample, event and finding, and the first part of keys. */
  @NotBlank
  @Pattern(regexp = "[^/]+", message = "must not contain '/', it separates key parts")
  String cluster();

  /** How and what to scrape. */
  Scrape scrape();

  /** Kubernetes discovery of dcgm-exporter endpoints. */
  Discovery discovery();

  /** Field presence: which fields every target is expected to export. */
  Presence presence();

  /** Publishing to Kafka. */
  Publish publish();

  /** Recovery of already published XIDs before scraping (restart, rollout, shard move). */
  XidRecovery xidRecovery();

  /** Sharding of the targets over the live replicas (docs/adr/008). */
  Sharding sharding();

  interface Sharding {

    /**
     * Whether this replica scrapes only its share: the targets whose node it wins by rendezvous
     * hashing over the live members (Kubernetes Leases). Off: it scrapes every target.
     */
    @WithDefault("false")
    boolean enabled();

    /** This replica's member name; default the pod name ({@code HOSTNAME}). Unique per replica. */
    Optional<String> memberId();

    /** Namespace of the member Leases; default the Kubernetes client's namespace. */
    Optional<String> namespace();

    /** Names the group: Leases {@code <group>-<member>} labelled strata.io/shard-group. */
    @WithDefault("strata-device-ingest")
    @Pattern(regexp = "[a-z0-9]([-a-z0-9]*[a-z0-9])?")
    String group();

    /** A member whose Lease was not renewed for this long is dropped (a crashed replica). */
    @WithDefault("15s")
    Duration leaseDuration();

    /** How often a member renews its Lease and re-reads the others (keep it <= scrape interval). */
    @WithDefault("5s")
    Duration renewInterval();
  }

  interface XidRecovery {

    /**
     * Whether to read strata.device.xids.v1 before scraping and follow it, so a GPU's sticky XID
     * already published (by this or another replica) is not published again at first sight.
     */
    @WithDefault("true")
    boolean enabled();

    /** How far back to read at start; the topic's retention (30 days) by default. */
    @WithDefault("30d")
    Duration lookBack();
  }

  interface Scrape {

    /** Static list of /metrics URLs scraped in addition to discovered ones. */
    Optional<List<String>> targets();

    /** Time between two scrapes of a target (a scrape still running is not started again). */
    @WithDefault("15s")
    Duration interval();

    /** Delay before the first scrape after start. */
    @WithDefault("0s")
    Duration initialDelay();

    /** Per-scrape timeout: connection, request and response together. */
    @WithDefault("10s")
    Duration timeout();

    /** Largest accepted response, in bytes, both on the wire and after gzip decoding. */
    @WithDefault("16777216")
    @Min(1024)
    int maxResponseBytes();

    /**
     * Whether each target is scraped in its own slot of the interval (a stable hash of its URL)
     * instead of all targets in one burst per interval.
     */
    @WithDefault("true")
    boolean spread();

    /**
     * Scrapes running at once, at most; a target whose slot comes while the cap is reached waits in
     * line and starts as soon as a scrape ends (counted in
     * strata_device_ingest_scrapes_deferred_total).
     */
    @WithDefault("128")
    @Min(1)
    @Max(10000)
    int maxConcurrent();

    /** Threads that parse pages and map them to events (HTTP itself is asynchronous). */
    @WithDefault("2")
    @Min(1)
    @Max(64)
    int processingThreads();

    /** How many malformed lines a PARSE_ERRORS finding lists by number (all are counted). */
    @WithDefault("20")
    @Min(1)
    @Max(1000)
    int maxReportedLineErrors();
  }

  interface Discovery {

    /** Whether to discover exporters from Kubernetes EndpointSlices. */
    @WithDefault("true")
    boolean enabled();

    /**
     * Label selectors of the EndpointSlices to follow (an EndpointSlice carries its Service's
     * labels); a slice matching any of them is followed. Defaults: the Helm chart's and the GPU
     * Operator's labels. Escape a comma inside one selector as {@code \,}.
     */
    @WithDefault("app.kubernetes.io/name=dcgm-exporter,app=nvidia-dcgm-exporter")
    @NotEmpty
    List<String> labelSelectors();

    /** Namespace to watch; all namespaces when absent. */
    Optional<String> namespace();

    /** Name of the Service port serving /metrics; a slice with a single port uses that port. */
    @WithDefault("gpu-metrics")
    String portName();

    /** URL scheme used for discovered endpoints. */
    @WithDefault("http")
    @Pattern(regexp = "https?")
    String scheme();

    /** Path scraped on discovered endpoints. */
    @WithDefault("/metrics")
    @Pattern(regexp = "/.*")
    String path();

    /** How often the informer re-lists EndpointSlices as a safety net. */
    @WithDefault("10m")
    Duration resync();
  }

  interface Presence {

    /**
     * DCGM field names every target should export; default: dcgm-exporter's default counter list
     * (etc/default-counters.csv, which also enables five DCP profiling fields). A label-type field
     * counts as present when it appears as a label. A field of the naming table
     * (dcgm/field-names.csv) counts as present under its legacy or its DCGM Field Naming Standard
     * name, whichever of the two is configured here.
     */
    @WithDefault(
        "DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_MEM_CLOCK,DCGM_FI_DEV_MEMORY_TEMP,DCGM_FI_DEV_GPU_TEMP,"
            + "DCGM_FI_DEV_POWER_USAGE,DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION,"
            + "DCGM_FI_DEV_PCIE_REPLAY_COUNTER,DCGM_FI_DEV_GPU_UTIL,DCGM_FI_DEV_MEM_COPY_UTIL,"
            + "DCGM_FI_DEV_ENC_UTIL,DCGM_FI_DEV_DEC_UTIL,DCGM_FI_DEV_XID_ERRORS,"
            + "DCGM_FI_DEV_FB_FREE,DCGM_FI_DEV_FB_USED,DCGM_FI_DEV_FB_RESERVED,"
            + "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL,DCGM_FI_DEV_VGPU_LICENSE_STATUS,"
            + "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS,DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS,"
            + "DCGM_FI_DEV_ROW_REMAP_FAILURE,DCGM_FI_DRIVER_VERSION,DCGM_FI_PROF_GR_ENGINE_ACTIVE,"
            + "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE,DCGM_FI_PROF_DRAM_ACTIVE,DCGM_FI_PROF_PCIE_TX_BYTES,"
            + "DCGM_FI_PROF_PCIE_RX_BYTES")
    List<String> expectedFields();
  }

  interface Publish {

    /** Kafka bootstrap servers; by default the shared {@code kafka.bootstrap.servers}. */
    @WithDefault("${kafka.bootstrap.servers}")
    @NotBlank
    String bootstrapServers();

    /**
     * Samples held while Kafka is slow or down (the samples lane); beyond this the oldest samples
     * are dropped. XID events and findings never share this buffer.
     */
    @WithDefault("10000")
    @Min(1)
    int bufferCapacity();

    /**
     * Safety cap of the events lane (XID events and findings), which never evicts and re-sends
     * until Kafka acknowledges. Never reached in practice (XIDs are rare); if it is, new events are
     * refused, counted in {@code strata_device_ingest_publish_dropped_total{lane="events"}}, logged
     * as errors, and readiness goes DOWN.
     */
    @WithDefault("50000")
    @Min(1)
    int eventCapacity();

    /** Records handed to the Kafka producer and not yet acknowledged, at most, per lane. */
    @WithDefault("1000")
    @Min(1)
    int maxUnacknowledged();

    /** Producer linger.ms: how long a batch may wait for more records. */
    @WithDefault("5ms")
    Duration linger();

    /** Producer max.block.ms: how long a send may wait for metadata while Kafka is down. */
    @WithDefault("5s")
    Duration maxBlock();

    /** Producer delivery.timeout.ms: after this, an unacknowledged record counts as failed. */
    @WithDefault("120s")
    Duration deliveryTimeout();

    /**
     * Producer compression.type: none, gzip, snappy, lz4 or zstd. lz4 (as trace-ingest's spans):
     * samples are the largest topic, and an uncompressed record read by a consumer keeps the whole
     * fetch response it came in alive as long as its headers are (docs/benchmarks.md).
     */
    @WithDefault("lz4")
    @Pattern(regexp = "none|gzip|snappy|lz4|zstd")
    String compression();
  }
}
