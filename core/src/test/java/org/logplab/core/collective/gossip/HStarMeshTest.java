package org.logplab.core.collective.gossip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link HStarMesh} accepts legal H* timesteps and rejects each kind of broken one, unchanged. */
class HStarMeshTest {

    @Test
    void shouldDeliverMessagesOverAllPortsOfANodeInOneStep() {
        HStarMesh mesh = new HStarMesh(3);
        // Node 4, the centre, uses its four links at once, each carrying its own message.
        mesh.step(List.of(new Transfer(4, 1, 4), new Transfer(4, 3, 4), new Transfer(4, 5, 4), new Transfer(4, 7, 4)));

        assertThat(mesh.steps()).isEqualTo(1);
        assertThat(mesh.holds(1, 4)).isTrue();
        assertThat(mesh.holds(7, 4)).isTrue();
        assertThat(mesh.heldBy(5)).isEqualTo(2);
        assertThat(mesh.transfers()).isEqualTo(4);
        assertThat(mesh.allHoldEverything()).isFalse();
    }

    @Test
    void shouldLetDifferentLinksMeetAtOneNodeAndForwardOnlyFromTheNextStep() {
        HStarMesh mesh = new HStarMesh(2);
        mesh.step(List.of(new Transfer(0, 1, 0), new Transfer(3, 1, 3)));
        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(1, 3, 2))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not hold at the start of the timestep");
        mesh.step(List.of(new Transfer(1, 3, 0)));
        assertThat(mesh.holds(3, 0)).isTrue();
    }

    @Test
    void shouldRejectALinkUsedInBothDirectionsInOneStep() {
        HStarMesh mesh = new HStarMesh(4);

        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(0, 1, 0), new Transfer(1, 0, 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("H* violation in timestep 1, transfer 1->0:1: link 1 (0,1)-0 (0,0) is used in both"
                        + " directions (also 0->1:0); H* links are half-duplex");
        assertThat(mesh.steps()).isZero();
        assertThat(mesh.holds(1, 0)).isFalse();
    }

    @Test
    void shouldRejectTwoMessagesOnOneLinkDirectionInOneStep() {
        HStarMesh mesh = new HStarMesh(4);
        mesh.step(List.of(new Transfer(4, 0, 4)));

        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(0, 1, 0), new Transfer(0, 1, 4))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("H* violation in timestep 2, transfer 0->1:4: link 0 (0,0)->1 (0,1) carries two messages"
                        + " (0 and 4) in one direction; a packet holds one message");
        assertThat(mesh.steps()).isEqualTo(1);
        assertThat(mesh.holds(1, 0)).isFalse();
    }

    @Test
    void shouldRejectATransferBetweenNodesThatAreNotNeighbours() {
        HStarMesh mesh = new HStarMesh(4);

        // 3 is (0,3) and 4 is (1,0): consecutive ids, but the row ends between them.
        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(3, 4, 3))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("H* violation in timestep 1, transfer 3->4:3: nodes 3 (0,3) and 4 (1,0) are not mesh"
                        + " neighbours; a packet crosses one edge per timestep");
        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(0, 5, 0))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("are not mesh neighbours");
        assertThat(mesh.steps()).isZero();
    }

    @Test
    void shouldRejectSendingAMessageTheSenderDoesNotHold() {
        HStarMesh mesh = new HStarMesh(4);

        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(5, 6, 5), new Transfer(1, 2, 7))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("H* violation in timestep 1, transfer 1->2:7: node 1 (0,1) sends message 7, which it"
                        + " does not hold at the start of the timestep");
        assertThat(mesh.holds(6, 5)).as("a rejected step changes nothing").isFalse();
    }

    @Test
    void shouldRejectIdsOutsideTheMesh() {
        HStarMesh mesh = new HStarMesh(2);

        assertThatThrownBy(() -> mesh.step(List.of(new Transfer(0, 4, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("receiver 4 is outside 0..3 of a 2 x 2 mesh");
        assertThatThrownBy(() -> new HStarMesh(1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldCountRedundantDeliveriesAndCompleteWhenEveryoneHoldsEverything() {
        HStarMesh mesh = new HStarMesh(2);
        // The 2 x 2 mesh is a 4-cycle 0-1-3-2-0: three rounds of passing on what just arrived.
        mesh.step(List.of(new Transfer(1, 0, 1), new Transfer(0, 2, 0), new Transfer(3, 1, 3), new Transfer(2, 3, 2)));
        mesh.step(List.of(new Transfer(1, 0, 3), new Transfer(0, 2, 1), new Transfer(3, 1, 2), new Transfer(2, 3, 0)));
        assertThat(mesh.allHoldEverything()).isFalse();
        mesh.step(List.of(new Transfer(1, 0, 2), new Transfer(0, 2, 3), new Transfer(3, 1, 0), new Transfer(2, 3, 1)));

        assertThat(mesh.allHoldEverything()).isTrue();
        assertThat(mesh.steps()).isEqualTo(GossipAlgorithm.lowerBound(2));
        mesh.step(List.of(new Transfer(0, 1, 0)));
        assertThat(mesh.redundantTransfers()).isEqualTo(1);
    }
}
