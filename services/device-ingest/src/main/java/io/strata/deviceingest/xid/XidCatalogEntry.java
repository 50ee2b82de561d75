package io.strata.deviceingest.xid;

import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;

/** One XID as the NVIDIA catalog describes it, with Strata's application/device split. */
public record XidCatalogEntry(
    int xid, String mnemonic, XidAction immediateAction, String description, XidOrigin origin) {}
