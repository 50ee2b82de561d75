package io.strata.deviceingest.xid;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import java.util.List;
import org.junit.jupiter.api.Test;

class XidCatalogTest {

  private final XidCatalog catalog = XidCatalog.load();

  @Test
  void shipsTheWholeCatalog() {
    assertThat(catalog.size()).isEqualTo(172);
  }

  @Test
  void describesXidsWithMnemonicActionAndOrigin() {
    assertThat(catalog.describe(79))
        .isEqualTo(
            new XidCatalogEntry(
                79,
                "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS",
                XidAction.RESTART_BM,
                "GPU has fallen off the bus",
                XidOrigin.DEVICE));
    assertThat(catalog.describe(13).immediateAction()).isEqualTo(XidAction.RESTART_APP);
    assertThat(catalog.describe(48).immediateAction()).isEqualTo(XidAction.WORKFLOW_XID_48);
    assertThat(catalog.describe(45).description())
        .startsWith("Preemptive cleanup, due to previous errors");
  }

  @Test
  void applicationXidsAreTheProductsList() {
    for (int xid : List.of(13, 31, 43, 45, 68, 94, 109)) {
      assertThat(catalog.describe(xid).origin()).as("xid %d", xid).isEqualTo(XidOrigin.APPLICATION);
    }
    assertThat(catalog.describe(48).origin()).isEqualTo(XidOrigin.DEVICE);
  }

  @Test
  void unknownXidsStayReportable() {
    assertThat(catalog.find(999)).isEmpty();
    assertThat(catalog.describe(999))
        .isEqualTo(new XidCatalogEntry(999, null, XidAction.UNSPECIFIED, null, XidOrigin.DEVICE));
  }

  @Test
  void splitsQuotedCsvCells() {
    assertThat(CsvRow.split("1,\"a, \"\"b\"\"\",,c")).containsExactly("1", "a, \"b\"", "", "c");
  }
}
