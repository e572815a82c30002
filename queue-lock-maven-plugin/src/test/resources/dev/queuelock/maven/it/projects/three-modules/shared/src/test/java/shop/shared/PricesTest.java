package shop.shared;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class PricesTest {
    @Test
    public void multiplies() {
        System.out.println("[shop3] test of shared ran");
        assertEquals(6, Prices.total(2, 3));
    }
}
