package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SlotRingTest {

    @Test
    void shouldRefuseSizesThatAreNotPowersOfTwoFromTwo() {
        // One entry cannot tell "free for message n + 1" (sequence n + 1) from "holds message n" (also n + 1).
        for (int size : new int[] {-4, 0, 1, 3, 6, SlotRing.MAX_SIZE * 2}) {
            assertThatThrownBy(() -> new SlotRing(size, false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("power of two from 2 to 2^28, got " + size);
        }
    }

    @Test
    void shouldMarkEveryEntryOfANewRingFreeForItsFirstMessage() {
        SlotRing ring = new SlotRing(4, true);
        assertThat(ring.size()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(ring.words[ring.pad + 2 * i]).isEqualTo(SlotRing.free(i));
        }
    }
}
