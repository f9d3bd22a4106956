package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.RequestId;

/**
 * A request's id as upstream takes it: the header, then the query's parameter, then a form body's;
 * made safe by the simple-string rule and cut; else the thread's name and id. A fresh UUID each
 * time, and the log id is {@code id-uuid}, as the BES writes it.
 */
final class RequestIdsTest {
  private final RequestIds ids = new RequestIds(RequestIds.DEFAULT_MAX_LENGTH);

  @Test
  void header_thenQuery_thenBody() {
    assertEquals("h", ids.of("h", "a-api-request-uuid=q", "a-api-request-uuid=b").id());
    assertEquals("q", ids.of(null, "x=1&a-api-request-uuid=q", "a-api-request-uuid=b").id());
    assertEquals("b", ids.of(null, "x=1", "dap4.ce=x&a-api-request-uuid=b").id());
  }

  @Test
  void theClientsId_isMadeSafe_andCut() {
    assertEquals(
        "3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab",
        ids.of("3f2b1c4e-aaaa-4bbb-8ccc-0123456789ab", null, null).id());
    assertEquals("a#b c", ids.of(null, "a-api-request-uuid=a%2Fb+c", null).id());
    assertEquals("x#y", ids.of("x\ny", null, null).id());
    assertEquals(128, ids.of("a".repeat(500), null, null).id().length());
    assertEquals(5, new RequestIds(5).of("abcdefgh", null, null).id().length());
  }

  @Test
  void withoutOne_itIsTheThreadsNameAndId_asUpstream() {
    Thread thread = Thread.currentThread();
    assertEquals(thread.getName() + "_" + thread.getId(), ids.of(null, "x=1", null).id());
    assertEquals(thread.getName() + "_" + thread.getId(), ids.of("  ", null, null).id());
  }

  @Test
  void eachRequest_hasAFreshUuid_andTheLogIdJoinsThem() {
    RequestId one = ids.of("c", null, null);
    RequestId two = ids.of("c", null, null);
    assertNotEquals(one.uuid(), two.uuid());
    assertEquals("c-" + one.uuid(), one.logId());
    assertTrue(
        one.uuid().matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"));
  }
}
