// /docs: Swagger UI on the service's own OpenAPI document (kept out of docs.html: no inline script).
"use strict";
window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
