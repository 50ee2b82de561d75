package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.testing.DcgmPageWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parser's label-set cache returns exactly what a fresh parse would. */
class LabelSetCacheTest {

  // dcgm-exporter's layout: the same labels on every line of a GPU; the XID line adds two more
  // after the shared first 96 characters (the part that chooses the cache slot).
  private static final String GPU0 =
      "gpu=\"0\",UUID=\"GPU-a4f34abc-7715-3560-dcea-7238b9611a45\",pci_bus_id=\"00000000:18:00.0\","
          + "device=\"nvidia0\",modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"node-1\"";

  @Test
  void aRepeatedLabelSetAndOneThatDiffersOnlyAtItsEndParseExactlyAsWritten() {
    String page =
        "DCGM_FI_DEV_GPU_TEMP{"
            + GPU0
            + "} 41\n"
            + "DCGM_FI_DEV_XID_ERRORS{"
            + GPU0
            + ",err_code=\"79\",err_msg=\"GPU has fallen off the bus\"} 79\n"
            + "DCGM_FI_DEV_POWER_USAGE{"
            + GPU0
            + "} 300.5\n"
            + "DCGM_FI_DEV_XID_ERRORS{"
            + GPU0
            + ",err_code=\"0\",err_msg=\"No Error\"} 0\n";
    PrometheusTextParser parser = new PrometheusTextParser();
    CollectingSink first = new CollectingSink();
    CollectingSink again = new CollectingSink();

    parser.parse(page, first);
    parser.parse(page, again);

    Map<String, String> gpu =
        Map.of(
            "gpu", "0",
            "UUID", "GPU-a4f34abc-7715-3560-dcea-7238b9611a45",
            "pci_bus_id", "00000000:18:00.0",
            "device", "nvidia0",
            "modelName", "NVIDIA H100 80GB HBM3",
            "Hostname", "node-1");
    assertThat(first.samples)
        .extracting(CollectingSink.Sample::labels)
        .containsExactly(
            gpu, with(gpu, "79", "GPU has fallen off the bus"), gpu, with(gpu, "0", "No Error"));
    assertThat(first.samples)
        .extracting(CollectingSink.Sample::value)
        .containsExactly(41.0, 79.0, 300.5, 0.0);
    assertThat(again.samples).isEqualTo(first.samples);
  }

  @Test
  void onAPageSeenBeforeTheLabelSetIsPredictedOnAllButTheTwoLinesWhereTheLayoutBranches() {
    String page = DcgmPageWriter.eightGpuPage();
    PrometheusTextParser parser = new PrometheusTextParser();
    parser.parse(page, new CollectingSink());
    long lookedUp = parser.labelSets().lookedUpCount();
    long predicted = parser.labelSets().predictedCount();

    CollectingSink again = new CollectingSink();
    parser.parse(page, again);

    // GPU 7's set is followed by GPU 0's everywhere except before the XID family, whose sets
    // carry err_code/err_msg: entering and leaving that family are the two table lookups.
    assertThat(again.samples).hasSize(200);
    assertThat(parser.labelSets().lookedUpCount()).isEqualTo(lookedUp + 2);
    assertThat(parser.labelSets().predictedCount()).isEqualTo(predicted + 198);
  }

  private static Map<String, String> with(Map<String, String> base, String code, String message) {
    Map<String, String> labels = new java.util.LinkedHashMap<>(base);
    labels.put("err_code", code);
    labels.put("err_msg", message);
    return labels;
  }
}
