package io.strata.traceingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.strata.traceingest.stages.Anchor;
import io.strata.traceingest.stages.DurationUnit;
import io.strata.traceingest.stages.StageSpec;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Everything trace-ingest can be told, under {@code strata.trace-ingest}. */
@ConfigMapping(prefix = "strata.trace-ingest")
public interface TraceIngestConfig {

  /** The OTLP receivers. */
  Receiver receiver();

  /** How span names map to request stages. */
  Stages stages();

  /** Servers that report stage timings as attributes of one span (vLLM, TGI, in-house). */
  StageSources stageSources();

  /** Which span and resource attributes fill the correlation block. */
  Attributes attributes();

  /** The span-summary producer (also of alert events). */
  Kafka kafka();

  /** Alertmanager's webhook on the OTLP/HTTP listener. */
  AlertmanagerConfig alertmanager();

  /** OTLP/HTTP and OTLP/gRPC listeners and their limits. */
  interface Receiver {
    /** Interface both receivers bind to. */
    @WithDefault("0.0.0.0")
    @NotBlank
    String host();

    /** OTLP/HTTP port (POST /v1/traces); 0 picks a free port. */
    @WithDefault("4318")
    @Min(0)
    @Max(65535)
    int httpPort();

    /** OTLP/gRPC port (opentelemetry.proto.collector.trace.v1.TraceService/Export); 0 = free. */
    @WithDefault("4317")
    @Min(0)
    @Max(65535)
    int grpcPort();

    /**
     * Largest accepted request body in bytes, after gzip decompression (and largest gRPC message).
     * Larger gets 413 (gRPC RESOURCE_EXHAUSTED).
     */
    @WithDefault("4194304")
    @Min(1024)
    int maxBodyBytes();

    /**
     * Export requests handled at once across both transports; one more is refused with 429 /
     * UNAVAILABLE. Bounds the request bodies held in memory to this times max-body-bytes.
     */
    @WithDefault("16")
    @Min(1)
    int maxInFlightRequests();

    /**
     * Spans handed to Kafka and not yet acknowledged; a request that would exceed it is refused
     * with 429 / UNAVAILABLE instead of buffered. Keep it well under what kafka.buffer-memory
     * holds.
     */
    @WithDefault("20000")
    @Min(1)
    int maxInFlightSpans();

    /**
     * Retry-After sent with 429/503 (and the gRPC RetryInfo delay), rounded up to whole seconds.
     * Also how long after a Kafka failure requests are refused outright before one probe is let
     * through.
     */
    @WithDefault("5s")
    @NotNull
    Duration retryAfter();
  }

  /** Span name to stage table; names match exactly. */
  interface Stages {
    /** Span names of the queue.wait stage. */
    @WithDefault("queue.wait")
    @NotEmpty
    List<String> queueWait();

    /** Span names of the model.load stage. */
    @WithDefault("model.load")
    @NotEmpty
    List<String> modelLoad();

    /** Span names of the batch.prepare stage. */
    @WithDefault("batch.prepare")
    @NotEmpty
    List<String> batchPrepare();

    /** Span names of the gpu.execute stage. */
    @WithDefault("gpu.execute")
    @NotEmpty
    List<String> gpuExecute();

    /** Span names of the response.encode stage. */
    @WithDefault("response.encode")
    @NotEmpty
    List<String> responseEncode();

    /**
     * Extra span names that mark the request, besides root spans and SERVER spans (for a gateway
     * that emits INTERNAL entry spans).
     */
    Optional<List<String>> request();
  }

  /**
   * Attribute-based stage sources. A span not named like a stage span is offered to the custom
   * sources (in name order), then the built-in ones; the first that recognises it adds one derived
   * summary per stage it reports.
   */
  interface StageSources {
    /**
     * Built-in server families read with no configuration: {@code vllm} (its llm_request attributes
     * and its {@code Load model} span as MODEL_LOAD), {@code tgi}.
     */
    @WithDefault("vllm,tgi")
    List<@Pattern(regexp = "(?i)vllm|tgi") String> builtIn();

    /** In-house servers, by a name of your choice (the derived spans are named name.stage). */
    Map<String, CustomSource> custom();
  }

  /** One in-house server family whose span carries its stage durations as attributes. */
  interface CustomSource {
    /** Span names the source applies to; any span when absent. */
    Optional<List<String>> spanNames();

    /**
     * Keys that must all be present (as durations) for a span to be this family's; the first key of
     * every stage entry when absent.
     */
    Optional<List<String>> signature();

    /** Unit of the durations: seconds, milliseconds, microseconds, nanoseconds, rust-debug. */
    @WithDefault("milliseconds")
    DurationUnit unit();

    /** start: the first stage starts with the span; end: the last stage ends with it. */
    @WithDefault("start")
    Anchor anchor();

    /**
     * The stages in time order, each {@code STAGE=key} or {@code STAGE=key1|key2} (first present
     * key wins), STAGE one of queue_wait, model_load, batch_prepare, gpu_execute, response_encode.
     */
    @NotEmpty
    List<@Pattern(regexp = StageSpec.PATTERN) String> stages();
  }

  /** Attribute keys, looked up on the span first, then on its resource; first hit wins. */
  interface Attributes {
    /**
     * Keys of the model version, OpenTelemetry GenAI semantic conventions first; service.version is
     * the fallback after these. vLLM's llm_request sets neither GenAI key today; its open PR #47633
     * adds gen_ai.request.model.
     */
    @WithDefault("gen_ai.response.model,gen_ai.request.model,model_version")
    @NotEmpty
    List<String> modelVersion();

    /** Keys of the (Kueue or application) queue name. */
    @WithDefault("queue,kueue.queue.name")
    @NotEmpty
    List<String> queue();

    /** Keys of the GPU UUID that executed the span's work. */
    @WithDefault("gpu.uuid,gpu_uuid")
    @NotEmpty
    List<String> gpuUuid();

    /** Keys of the accelerator type (GPU product). */
    @WithDefault("accelerator_type,gpu.type")
    @NotEmpty
    List<String> acceleratorType();

    /**
     * Keys of the output token count, for effective throughput: the GenAI semantic convention, then
     * its older name that vLLM still writes.
     */
    @WithDefault("gen_ai.usage.output_tokens,gen_ai.usage.completion_tokens")
    @NotEmpty
    List<String> outputTokens();

    /** Longest status message copied into a summary; longer ones are cut. */
    @WithDefault("256")
    @Min(0)
    int maxStatusMessageLength();
  }

  /**
   * Producer of strata.traces.spans.v1 (idempotent, acks=all; bootstrap: kafka.bootstrap.servers).
   */
  interface Kafka {
    /**
     * Longest a send may wait for metadata or buffer space; short so a request answers 503 quickly
     * instead of holding a worker when Kafka is gone.
     */
    @WithDefault("1s")
    @NotNull
    Duration maxBlock();

    /** Broker request timeout. */
    @WithDefault("3s")
    @NotNull
    Duration requestTimeout();

    /**
     * Upper bound from send to acknowledgement; past it the request is answered 503. Must be at
     * least linger + request-timeout. Below the OTLP exporters' 10 s default timeout.
     */
    @WithDefault("8s")
    @NotNull
    Duration deliveryTimeout();

    /** How long the producer waits to fill a batch. */
    @WithDefault("5ms")
    @NotNull
    Duration linger();

    /** Producer batch size in bytes. */
    @WithDefault("131072")
    @Min(1024)
    int batchSize();

    /** Producer buffer in bytes; must hold max-in-flight-spans summaries (about 600 B each). */
    @WithDefault("67108864")
    @Min(1048576)
    long bufferMemory();

    /** Producer compression: none, gzip, snappy, lz4 or zstd. */
    @WithDefault("lz4")
    @NotBlank
    String compression();
  }
}
