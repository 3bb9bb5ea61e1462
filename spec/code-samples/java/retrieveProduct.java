import dev.bahi.Bahi;
import dev.bahi.models.Product;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Product product = client.products().retrieve("prd_01jd4p1a2b3c4d5e6f7g8h9j0k");
System.out.println(product.getId() + " " + product.getName());
