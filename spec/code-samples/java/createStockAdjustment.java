import dev.bahi.Bahi;
import dev.bahi.models.StockAdjustmentReason;
import dev.bahi.models.StockMovement;
import dev.bahi.params.StockAdjustmentCreateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
StockAdjustmentCreateParams params =
    StockAdjustmentCreateParams.builder()
        .quantity(-3)
        .reason(StockAdjustmentReason.DAMAGE)
        .note("Box dropped in the warehouse")
        .build();
StockMovement stockMovement =
    client.products().createStockAdjustment("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", params);
System.out.println(stockMovement.getId());
