import dev.bahi.Bahi;
import dev.bahi.models.StockMovement;
import dev.bahi.params.ProductListStockMovementsParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductListStockMovementsParams params =
    ProductListStockMovementsParams.builder()
        .kind(ProductListStockMovementsParams.Kind.ADJUSTMENT)
        .build();
for (StockMovement stockMovement :
    client.products().listStockMovements("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", params)) {
  System.out.println(stockMovement.getId());
}
