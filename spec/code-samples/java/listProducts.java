import dev.bahi.Bahi;
import dev.bahi.models.Product;
import dev.bahi.params.ProductListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ProductListParams params = ProductListParams.builder().lowStock(true).build();
for (Product product : client.products().list(params)) {
  System.out.println(product.getId() + " " + product.getName());
}
