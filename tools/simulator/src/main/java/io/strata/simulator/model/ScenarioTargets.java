package io.strata.simulator.model;

/**
 * Which node, GPU or workload each scenario hits, chosen once from the initial placement so that
 * every fault lands on something that serves traffic.
 *
 * @param xid79Gpu GPU of the first Knative revision-1 pod
 * @param thermalNode node of the last Knative revision-1 pod
 * @param appXidGpu GPU of the first Deployment pod
 * @param mismatchGpu GPU of the first Deployment pod, which the exporter then attributes to {@code
 *     mismatchPod}
 * @param mismatchPod a Knative pod the API places on another GPU
 * @param missingFieldsNode node of the first Deployment pod
 * @param servingWorkload the Knative Service (backlog and slow model load)
 */
public record ScenarioTargets(
    Gpu xid79Gpu,
    String thermalNode,
    Gpu appXidGpu,
    Gpu mismatchGpu,
    Pod mismatchPod,
    String missingFieldsNode,
    Workload servingWorkload) {}
