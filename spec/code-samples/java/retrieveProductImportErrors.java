import dev.bahi.Bahi;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
String csv = client.products().imports().retrieveErrors("imp_01jd5g7h9j1k3m5n7p9q1r3s5t");
System.out.println(csv);
