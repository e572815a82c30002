package shop.api;

import static org.junit.Assert.assertEquals;

import org.junit.Test;
import shop.shared.Prices;

public class ApiTest {
    @Test
    public void quotesTheTotal() {
        System.out.println("[shop3] test of api ran");
        assertEquals(12, Prices.total(4, 3));
    }
}
