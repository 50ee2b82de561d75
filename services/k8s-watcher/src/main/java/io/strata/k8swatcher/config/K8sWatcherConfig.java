package io.strata.k8swatcher.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.strata.k8swatcher.dra.DraMode;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The whole configuration of k8s-watcher: {@code strata.k8s-watcher.*}. */
@ConfigMapping(prefix = "strata.k8s-watcher")
public interface K8sWatcherConfig {

  /**
   * Name of the cluster this watcher observes: the first part of every record key and {@code
   * correlation.cluster}. Required: a name invented by default would silently merge clusters.
   */
  @NotBlank
  String cluster();

  /**
   * Namespaces whose Pods, Events, ResourceClaims, ReplicaSets and Jobs are watched; absent means
   * every namespace. Nodes and ResourceSlices are cluster-scoped and always watched.
   */
  Optional<List<@NotBlank String>> namespaces();

  /**
   * Extended resources that are GPUs. An entry ending in {@code *} is a prefix (MIG profiles are
   * {@code nvidia.com/mig-1g.5gb}, ...).
   */
  @WithDefault("nvidia.com/gpu,nvidia.com/mig-*")
  @NotEmpty
  List<@NotBlank String> gpuResources();

  /**
   * Informer resync period: every period the full current state of pods, nodes and claims is
   * published again (compaction makes this idempotent).
   */
  @WithDefault("10m")
  Duration resync();

  /**
   * After the informers first sync, tombstone the keys of this cluster still live on the compacted
   * topics whose objects no longer exist (deleted while no watcher was running).
   */
  @WithDefault("true")
  boolean reconcileOnStart();

  /** Which pods are published and how their identity is read. */
  Pods pods();

  /** How nodes are described. */
  Nodes nodes();

  /** Which Kubernetes events are published. */
  Events events();

  /** Dynamic Resource Allocation (resource.k8s.io). */
  Dra dra();

  /** The Kafka side. */
  Publisher publisher();

  /** What the informer caches hold. */
  Cache cache();

  /** Informer caches. */
  interface Cache {
    /**
     * Keep only the fields the watcher maps in its informer caches (a pod's identity, GPU requests,
     * claims and status; a ReplicaSet's or Job's owners). {@code false} caches whole objects, as
     * before: only for measuring the saving (tools/watcher-bench), never needed in a deployment.
     */
    @WithDefault("true")
    boolean trim();
  }

  /** Pods of interest and identity keys. */
  interface Pods {
    /**
     * Namespaces whose every pod is published, GPU or not (for example the inference gateway's
     * namespace). Absent: only pods requesting a GPU resource or holding resource claims.
     */
    Optional<List<@NotBlank String>> namespacesOfInterest();

    /**
     * Label or annotation keys read, in order, for {@code model_version} (label first, then
     * annotation, per key); the Knative revision is the last resort.
     */
    @WithDefault("model_version,app.kubernetes.io/version")
    List<@NotBlank String> modelVersionKeys();

    /** Label (or annotation) naming the Kueue LocalQueue a pod was admitted through. */
    @WithDefault("kueue.x-k8s.io/queue-name")
    @NotBlank
    String queueKey();
  }

  /** Node description. */
  interface Nodes {
    /** Node label holding the GPU product: {@code accelerator_type}. */
    @WithDefault("nvidia.com/gpu.product")
    @NotBlank
    String acceleratorLabel();

    /** Node labels copied into NodeState.labels; never all labels. */
    @WithDefault(
        "nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.memory,nvidia.com/mig.strategy,"
            + "node.kubernetes.io/instance-type,topology.kubernetes.io/region,"
            + "topology.kubernetes.io/zone")
    List<@NotBlank String> labels();

    /**
     * Taint keys that do not make a node unschedulable for GPU work, because GPU pods tolerate them
     * by design (the device plugin's {@code nvidia.com/gpu:NoSchedule}).
     */
    @WithDefault("nvidia.com/gpu")
    List<@NotBlank String> toleratedTaintKeys();
  }

  /** Event selection. */
  interface Events {
    /**
     * Event reasons published for any involved object (except a known pod that is not of interest).
     * Events about pods of interest and ResourceClaims are published whatever their reason, unknown
     * reasons included.
     */
    @WithDefault(
        "FailedScheduling,UnexpectedAdmissionError,FailedPrepareDynamicResources,"
            + "TopologyAffinityError,BackOff,CrashLoopBackOff,OOMKilling,Evicted,Preempted,"
            + "NodeNotReady")
    @NotEmpty
    List<@NotBlank String> reasons();
  }

  /** DRA settings. */
  interface Dra {
    /**
     * resource.k8s.io version to watch: {@code auto} asks API discovery and prefers v1, then
     * v1beta1; {@code disabled} watches no claims.
     */
    @WithDefault("auto")
    DraMode apiVersion();

    /**
     * ResourceSlice device attributes holding the device's UUID, tried in order (unqualified, or
     * qualified by the driver name).
     */
    @WithDefault("uuid")
    @NotEmpty
    List<@NotBlank String> uuidAttributes();
  }

  /** Publishing. */
  interface Publisher {
    /**
     * Most distinct records waiting for Kafka. A newer state of a pending key replaces the older
     * one, so the bound is on distinct keys, not on changes.
     */
    @WithDefault("10000")
    @Positive
    int bufferCapacity();

    /**
     * How long an informer callback waits for room when the buffer is full (back-pressure) before
     * the record is dropped, counted, and a full republish scheduled.
     */
    @WithDefault("5s")
    Duration offerTimeout();

    /** Kafka delivery.timeout.ms: how long the producer retries one record. */
    @WithDefault("2m")
    Duration deliveryTimeout();

    /** How often a requested full republish (after a drop or a failed send) is checked for. */
    @WithDefault("10s")
    Duration republishCheck();
  }
}
